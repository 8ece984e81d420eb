// Names of pointfreeco's Dependencies that a file importing both packages cannot spell: there,
// `DependencyKey`, `DependencyValues` and `Dependency` are ambiguous, and `Dependencies.` names
// this package's `Dependencies` type, not their module. This file imports their module only, so
// the names are theirs here.
import Dependencies

/// pointfreeco's `DependencyKey`.
public typealias PointFreeDependencyKey = DependencyKey

/// pointfreeco's `DependencyValues`.
public typealias PointFreeDependencyValues = DependencyValues

/// pointfreeco's `@Dependency`.
public typealias PointFreeDependency<Value> = Dependency<Value>
