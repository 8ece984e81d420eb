@_exported import ComposableEnv
