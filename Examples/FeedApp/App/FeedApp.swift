import Pageflow
import PageflowSwiftUI
import SwiftUI

#if canImport(FeedAppModel)
  import FeedAppModel  // a module of its own in the package; the same module as these screens elsewhere
#endif

/// A feed of 5,000 posts, newest at the top, from a source on the device that answers after 300 ms
/// as a server would: open it on a Mac with `swift run pageflow-feed`, or in Xcode.
@main
struct FeedApp: App {
  let source: LocalFeedSource
  @State private var store: StoreOf<FeedScreen>

  init() {
    let source = LocalFeedSource()
    self.source = source
    _store = State(
      initialValue: Store(initialState: FeedScreen.State()) {
        FeedScreen(source: source, places: .userDefaults())
      })
  }

  var body: some Scene {
    WindowGroup {
      FeedView(store: store, source: source)
    }
  }
}
