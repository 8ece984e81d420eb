import Foundation
import GlobalEnv
import Testing

private struct ClockReader: GlobalDependenciesAccessing {}

/// swift-dependencies' spellings of `date` and `UUID(_:)`: a settable `now`, and numbered
/// identifiers for any `Int`.
@Suite struct DateAndUUIDCompatibilityTests {
  @Test func settingNowMakesTheGeneratorGiveThatDate() {
    var generator = DateGenerator { Date() }
    generator.now = Date(timeIntervalSince1970: 1_000)
    #expect(generator() == Date(timeIntervalSince1970: 1_000))
    #expect(generator.now == Date(timeIntervalSince1970: 1_000))
  }

  @Test func aScopeSetsTheDatesNow() {
    let now = Dependencies.withValues {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    } operation: {
      ClockReader().date.now
    }
    #expect(now == Date(timeIntervalSince1970: 1_234_567_890))
  }

  @Test func zeroIsAllZeros() {
    #expect(UUID(0).uuidString == "00000000-0000-0000-0000-000000000000")
  }

  @Test func aPositiveNumberIsInTheLastDigits() {
    #expect(UUID(1).uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(UUID(0x1_2345_6789_ABCD).uuidString == "00000000-0000-0000-0001-23456789ABCD")
  }

  @Test func theLargestIntFillsTheLastSixteenDigits() {
    #expect(UUID(Int.max).uuidString == "00000000-0000-0000-7FFF-FFFFFFFFFFFF")
  }

  @Test func aNegativeNumberHasItsSignInADigitOfItsOwn() {
    #expect(UUID(-1).uuidString == "00000000-0000-0001-0000-000000000001")
    #expect(UUID(-255).uuidString == "00000000-0000-0001-0000-0000000000FF")
  }

  @Test func theSmallestIntIsTwoToTheSixtyThirdNegated() {
    #expect(UUID(Int.min).uuidString == "00000000-0000-0001-8000-000000000000")
  }

  @Test func aNumberAndItsNegationDiffer() {
    #expect(UUID(5) != UUID(-5))
  }
}
