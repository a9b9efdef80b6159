import Foundation

exit(await MovieListApp.main(Array(CommandLine.arguments.dropFirst())))
