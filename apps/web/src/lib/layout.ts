// The app shell's header height: the layout draws it and the toasts sit below it.
export const HEADER_HEIGHT = 64;
