// Compiled copy of snippets from the DocC article Testing.md; keep them identical
// (SnippetsAreCompiledTests checks).
import ComposableEnv
import ComposableEnvTesting
import Foundation
import Testing
import XCTest

struct WeatherClient: Sendable {
  var forecast: @Sendable (String) async throws -> String
  var units: @Sendable () -> String
}

extension DependencyKeys {
  struct Weather: DependencyKey {
    static var defaultValue: WeatherClient {
      WeatherClient(forecast: { city in "Sunny in \(city)" }, units: { "metric" })
    }
    static var testValue: WeatherClient {
      WeatherClient(
        forecast: unimplemented("WeatherClient.forecast"),
        units: unimplemented("WeatherClient.units", placeholder: "metric")
      )
    }
  }

  struct Now: DependencyKey {
    static var defaultValue: @Sendable () -> Date { { Date() } }
  }
}

extension Dependencies {
  var weather: WeatherClient {
    get { self[DependencyKeys.Weather.self] }
    set { self[DependencyKeys.Weather.self] = newValue }
  }
  var now: @Sendable () -> Date {
    get { self[DependencyKeys.Now.self] }
    set { self[DependencyKeys.Now.self] = newValue }
  }
}

final class WeatherEnvironment: ComposableEnvironment {
  @Dependency(\.weather) var weather
  @Dependency(\.now) var now
}

@Suite(.dependencyTestContext)
struct WeatherTests {
  @Test func showsTheForecast() async throws {
    var weather = DependencyKeys.Weather.testValue
    weather.forecast = { city in "Rain in \(city)" }
    let environment = WeatherEnvironment().with(\.weather, weather)
    #expect(try await environment.weather.forecast("Oslo") == "Rain in Oslo")
  }
}

final class WeatherXCTests: XCTestCase {
  override func invokeTest() {
    withDependencyTestContext { super.invokeTest() }
  }

  func testUnits() {
    var weather = DependencyKeys.Weather.testValue
    weather.units = { "imperial" }
    XCTAssertEqual(WeatherEnvironment().with(\.weather, weather).weather.units(), "imperial")
  }
}

// The failing-by-design test of the article, its failure expected here.
@Test(.dependencyTestContext) func stampsTheReport() {
  withKnownIssue {
    let environment = WeatherEnvironment()
    #expect(environment.now() > Date(timeIntervalSince1970: 0))
  }
}

@Test func cartSeesDisabledAnalytics() {
  let cart = ShopEnvironment().with(\.analytics, .disabled).cart
  #expect(cart.analytics == .disabled)
}
