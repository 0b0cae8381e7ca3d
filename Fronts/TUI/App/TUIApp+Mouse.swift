/// The mouse: the wheel scrolls the list, the detail and the help; a click on a loan's row
/// selects it and a double-click opens it (through the router, like `Enter`).
extension TUIApp {
    /// How many lines a turn of the wheel scrolls.
    static let wheelLines = 3

    mutating func handle(_ mouse: MouseEvent) {
        guard width >= ScreenView.minimumWidth, height >= ScreenView.minimumHeight else { return }
        let wheel = switch mouse.action {
        case .wheelUp: -TUIApp.wheelLines
        case .wheelDown: TUIApp.wheelLines
        default: 0
        }
        switch router.current {
        case .agenda where failure == nil:
            if wheel != 0 {
                reading { browser in try browser.scroll(by: wheel) }
            } else if case .press(.left) = mouse.action {
                click(row: mouse.row, clicks: mouse.clicks)
            }
        case .detail:
            scrollDetail(by: wheel)
        case .help:
            scrollHelp(by: wheel)
        default:
            break
        }
    }

    /// Selects the loan on a screen row; a second click opens it.
    private mutating func click(row: Int, clicks: Int) {
        let index = row - ScreenView.bodyTop
        guard index >= 0, index < ScreenView.bodyHeight(height), browser.lines.indices.contains(index),
              let loan = browser.lines[index].loan
        else { return }
        browser.select(browser.lines[index].position)
        if clicks >= 2 { open(.detail(loan.id)) }
    }
}
