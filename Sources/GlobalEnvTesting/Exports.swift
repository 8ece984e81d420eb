@_exported import GlobalEnv
@_exported import _DependencyClocks
