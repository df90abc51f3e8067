import Foundation

/// `body`'s result, run on a new thread with a stack of `stackSize` bytes (the test runner's main
/// thread has 8 MB, and layouts are compiled on a thread of their own by the command); nil when it
/// has not finished within `timeout` seconds. The thread is then abandoned: it cannot be killed.
func onThread<T>(stackSize: Int, timeout: TimeInterval, _ body: @escaping @Sendable () -> T) -> T? {
    let box = ThreadResult<T>()
    let group = DispatchGroup()
    group.enter()
    let thread = Thread {
        box.value = body()
        group.leave()
    }
    thread.stackSize = stackSize
    thread.start()
    if group.wait(timeout: .now() + timeout) == .timedOut { return nil }
    return box.value
}

/// What a body run by `onThread` gave.
private final class ThreadResult<T>: @unchecked Sendable {
    var value: T?
}
