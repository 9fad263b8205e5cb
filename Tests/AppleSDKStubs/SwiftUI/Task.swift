// SwiftUI declarations that PageflowSwiftUI uses and the apple-sdk-check's SwiftUI stub lacks, copied
// from their developer.apple.com pages (named above each). The page shows the action as `@escaping
// () async -> Void`; this declares it `@isolated(any) @Sendable`, as the stub's `task(priority:_:)`
// does: a closure that compiles here compiles against either. Bodies are placeholders.

extension View {
  // developer.apple.com/documentation/swiftui/view/task(id:priority:_:):
  //   `nonisolated func task<T>(id value: T, priority: TaskPriority = .userInitiated,
  //    _ action: @escaping () async -> Void) -> some View where T : Equatable`
  //   (iOS 15.0+, macOS 12.0+, tvOS 15.0+, watchOS 8.0+, visionOS 1.0+)
  @inlinable nonisolated public func task<T: Equatable>(
    id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping @isolated(any) @Sendable () async -> Void
  ) -> some View { ModifiedContent(content: self, modifier: _AppearanceActionModifier()) }
}
