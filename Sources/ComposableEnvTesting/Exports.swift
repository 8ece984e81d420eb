@_exported import ComposableEnv
@_exported import _DependencyClocks
