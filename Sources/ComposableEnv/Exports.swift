@_exported import DependencyValues
@_exported import _DependencyClocks
