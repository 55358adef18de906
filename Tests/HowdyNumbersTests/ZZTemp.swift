import Testing
@Test func temporaryFailure() { #expect(1 + 1 == 3, "deliberate") }
