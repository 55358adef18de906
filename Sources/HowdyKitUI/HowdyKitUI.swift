// HowdyKitUI: onboarding screens as pure functions of content, theme and environment.
//
// Data flow (every stage public): content + `OnboardingTheme` + `RenderEnvironment`
// → `LayoutNode` tree (pt; built by `ScreenContext`'s components) → `ScreenLayout`
// (positioned `DisplayItem`s, pt) → `DisplayList` (`DisplayOperation`s, px; roles and
// content IDs) → pixels (`DisplayList.render(into:)` on a HowdyRender `Canvas`).
// Specs (`FlowDocument`) decode into the same content; `FlowPages` lists a flow's
// screens; `RenderJob` writes them; `ContrastLint` reads their display lists.
//
// Naming rule for public types:
// - The seeds' names are the public API where a seed has the concept: the HowdyKit seed's
//   `Onboarding*` (`OnboardingWelcomeView`, `OnboardingStepView`, `OnboardingHeader`,
//   `OnboardingAction`, `OnboardingTheme`, `OnboardingFlowView`), GreetKit's `Greet*`
//   (`GreetContent`, `GreetFeatureItem`, `GreetPrimaryRoute`, `GreetBackground`,
//   `GreetStyle`, `GreetGradient*`, `GreetView`), and SwiftUI's for SwiftUI concepts
//   (`ColorScheme`, `DynamicTypeSize`, `UnitPoint`, `EdgeInsets`, `TextAlignment`).
// - Concepts the seeds do not have take a plain name for what they are, without a
//   prefix: `LayoutNode`, `DisplayList`, `ScreenScaffold`, `ScreenContext`,
//   `RouteScreen`, `FlowPages`, `ContentNode`, `SemanticRole`, `RenderJob`.
// - A new prefix is never invented; an old name kept for callers is a deprecated alias.
