/// What moves on a screen, and when it stops.
extension RenderEnvironment {
    /// The time, s, that drives everything that moves on a screen (spinners, the building
    /// step's beat): `time`, or 0 under Reduce Motion, which stops all of it (the animated
    /// field freezes on its own terms, see `GreetBackground`). Not finite counts as 0.
    public var motionTime: Double { reduceMotion || !time.isFinite ? 0 : time }
}

/// DeliciousKit's building "beat": the building step shows one message at a time, cycling
/// through its messages as time passes; Reduce Motion holds the first.
public enum BuildingBeat {
    /// How long each message shows, s.
    public static let messageSeconds = 1.6

    /// The index of the message shown at `environment.motionTime` among `count` messages:
    /// `⌊time / messageSeconds⌋ mod count`, 0 under Reduce Motion, at time 0, for a
    /// negative time and for `count` ≤ 1.
    public static func messageIndex(count: Int, environment: RenderEnvironment) -> Int {
        let time = environment.motionTime
        guard count > 1, time > 0 else { return 0 }
        let beats = (time / messageSeconds).rounded(.down)
        // Reduce before converting, so a huge time stays in range.
        return Int(beats.truncatingRemainder(dividingBy: Double(count)))
    }
}
