import Foundation
import PageflowBrowser

// pageflow-browse: a terminal browser over a channel of a million messages (see --help).

let options: BrowseOptions
do {
  options = try BrowseOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("pageflow-browse: \(error)\n\n\(BrowseOptions.usage)\n".utf8))
  exit(2)
}
if options.help {
  print(BrowseOptions.usage)
  print("\nThe server's database is at \(options.database) unless --db says otherwise.")
  exit(0)
}

let script: [Key]?
do {
  script = try options.script.map(KeyScript.keys)
} catch {
  FileHandle.standardError.write(Data("pageflow-browse: --script: \(error)\n".utf8))
  exit(2)
}
guard script != nil || Terminal.isInteractive else {
  FileHandle.standardError.write(
    Data(
      """
      pageflow-browse draws a full-screen browser and needs a terminal, but its input or output is not
      one. Run it in a terminal:

          swift run pageflow-browse

      or give it keys to run without a terminal; it prints the screen they end on:

          swift run pageflow-browse --script "j j G : 500000 q"

      """.utf8))
  exit(2)
}

let session: BrowserSession
do {
  let clock = ContinuousClock()
  let start = clock.now
  var built = false
  session = try BrowserSession(options: options) {
    built = true
    print("Building the channel: \(grouped(options.messages)) messages in \(options.database)")
    print("(once; --reset rebuilds it)…")
  }
  if built {
    let seconds =
      Double(start.duration(to: clock.now).components.attoseconds) / 1e18
      + Double(start.duration(to: clock.now).components.seconds)
    print("Built in \(String(format: "%.1f", seconds)) s.")
  }
} catch {
  FileHandle.standardError.write(Data("pageflow-browse: could not open the databases: \(error)\n".utf8))
  exit(1)
}

if let script {
  print(await session.run(script: script).text)
} else if let terminal = Terminal() {
  await session.run(in: terminal)
} else {
  FileHandle.standardError.write(Data("pageflow-browse: could not put the terminal in raw mode\n".utf8))
  exit(1)
}
