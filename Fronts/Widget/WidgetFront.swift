/// The widget front (CONTRACT §5): presenter and one view per bar format.
enum WidgetFront {}
