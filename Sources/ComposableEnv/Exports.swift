@_exported import DependencyValues
