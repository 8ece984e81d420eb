@_exported import GlobalEnv
