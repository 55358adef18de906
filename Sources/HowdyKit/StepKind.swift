import Foundation

/// What a step is, with the fields only that kind has (DeliciousKit's step types).
///
/// In the spec file the kind is the step's `"kind"` string and its fields sit beside the
/// common ones (`id`, `title`...) in the same step object; see ``StepSpec``.
public enum StepKind: Equatable, Sendable {
    /// A value screen: title, headline, icon. Nothing to capture.
    case feature
    /// A one-tap question; the picked option's ID is captured as the step's answer.
    case singleSelect(options: [SelectOption])
    /// A slider ("minutes a day?"); its value is captured as the step's answer.
    case commitment(Commitment)
    /// A short "building your plan…" beat that cycles through `messages`.
    case building(messages: [String])
    /// A system-permission ask with three states; see ``PermissionStepModel``.
    case permission(PermissionSpec)
    /// The upsell.
    case paywall(plans: [PaywallPlan])
    /// A step whose content is the app's own: a small tree of layout nodes in the step's
    /// `content` object, kept here as JSON (HowdyKitUI reads and checks it). Nothing to capture.
    case custom(content: JSONValue)

    /// The spelling used in spec files.
    public var name: String {
        switch self {
        case .feature: "feature"
        case .singleSelect: "singleSelect"
        case .commitment: "commitment"
        case .building: "building"
        case .permission: "permission"
        case .paywall: "paywall"
        case .custom: "custom"
        }
    }

    /// Every kind's spelling, in the order they are documented.
    public static let names = ["feature", "singleSelect", "commitment", "building", "permission", "paywall", "custom"]

    /// Whether this kind captures an answer beside its record.
    public var capturesAnswer: Bool {
        switch self {
        case .singleSelect, .commitment: true
        default: false
        }
    }
}

/// One choice of a single-select step: `{"id": "a", "label": "Get fit", "emoji": "💪"}`.
public struct SelectOption: Codable, Equatable, Sendable, Identifiable {
    /// Stored as the answer when picked; unique within the step.
    public var id: String
    /// The text on the option's button.
    public var label: String
    /// Shown before the label, if any.
    public var emoji: String?

    /// An option `id` labelled `label`, with an optional emoji.
    public init(id: String, label: String, emoji: String? = nil) {
        self.id = id
        self.label = label
        self.emoji = emoji
    }
}

/// A commitment slider: `"range": [5, 60], "step": 5, "unit": " min", "default": 15`.
public struct Commitment: Equatable, Sendable {
    /// The smallest value.
    public var lowerBound: Double
    /// The largest value; at least `lowerBound`.
    public var upperBound: Double
    /// The slider's increment; positive. Default 1.
    public var step: Double
    /// Appended to the value when shown (`" min"`). Default empty.
    public var unit: String
    /// Where the slider starts; inside the range. Default `lowerBound`.
    public var defaultValue: Double

    /// A slider over `lowerBound...upperBound` in steps of `step` (default 1) with a unit
    /// suffix (default none), starting at `defaultValue` (default `lowerBound`).
    public init(
        lowerBound: Double, upperBound: Double, step: Double = 1, unit: String = "", defaultValue: Double? = nil
    ) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
        self.step = step
        self.unit = unit
        self.defaultValue = defaultValue ?? lowerBound
    }

    /// Snaps `value` to the nearest step from `lowerBound` and clamps it into the range,
    /// so any slider position becomes a value the spec allows.
    public func snap(_ value: Double) -> Double {
        guard value.isFinite else { return defaultValue }
        let steps = ((value - lowerBound) / step).rounded()
        return min(max(lowerBound + steps * step, lowerBound), upperBound)
    }

    /// `15 min` for 15 with unit `" min"`.
    public func format(_ value: Double) -> String {
        OnboardingAnswer.format(value) + unit
    }
}

/// A permission step's content. Which OS permission it is stays the app's business (its
/// own check/request code); `permission` is only a name for analytics and tooling.
public struct PermissionSpec: Equatable, Sendable {
    /// e.g. `"notifications"`, `"location"`; informational.
    public var permission: String?
    /// Shown before the ask and once granted.
    public var details: String?
    /// Shown after a denial, beside Open Settings.
    public var deniedDetails: String?

    /// A permission step's content; every field is optional.
    public init(permission: String? = nil, details: String? = nil, deniedDetails: String? = nil) {
        self.permission = permission
        self.details = details
        self.deniedDetails = deniedDetails
    }
}

/// One purchasable plan shown on a paywall step: `{"id": "annual", "title": "Annual", "price": "$29.99"}`.
public struct PaywallPlan: Codable, Equatable, Sendable, Identifiable {
    /// Identifies the plan to the app's purchase code; unique in the step.
    public var id: String
    /// The plan's name ("Annual").
    public var title: String
    /// The price as displayed ("$29.99"); formatting it is the app's business.
    public var price: String?
    /// The billing period as displayed ("year").
    public var period: String?

    /// A plan `id` titled `title`, with an optional price and period.
    public init(id: String, title: String, price: String? = nil, period: String? = nil) {
        self.id = id
        self.title = title
        self.price = price
        self.period = period
    }
}
