#if canImport(SwiftUI)
  import Pageflow
  import SwiftUI

  extension Store {
    /// The row at the top of the screen, for `scrollPosition(id:)`: it reads the row the list keeps
    /// on screen (``PaginationFeature/State/rowOnScreen``), so a restore, a jump or a landing move
    /// the scroll view there and a refresh in place or a page arriving above keep it still; and it
    /// reports the row the user scrolls to (SwiftUI writes the row at the top as the scroll moves)
    /// with `.elementAppeared`, which loads ahead as a row's `onAppear` would, without a modifier on
    /// each row.
    ///
    /// ```swift
    /// ScrollView {
    ///   LazyVStack { ForEach(list.elements) { MessageRow($0) } }
    ///     .scrollTargetLayout()
    /// }
    /// .scrollPosition(id: list.scrollPosition())
    /// ```
    ///
    /// Report rows one way: a row's `onAppear` that also sends `.elementAppeared` moves the row the
    /// list keeps away from the row at the top, and the scroll view after it.
    public func scrollPosition<Element>() -> Binding<Element.ID?>
    where State == PaginationFeature<Element>.State, Action == PaginationFeature<Element>.Action {
      Binding(
        get: { @MainActor in self.read(\.rowOnScreen) },
        set: { @MainActor id in
          guard let id, id != self.read(\.rowOnScreen) else { return }
          self.send(.elementAppeared(id))
        })
    }
  }
#endif
