// sudoku-tui's addition to textual-serve's page (sudoku_tui/serve/web.py puts it in).
// The page's terminal takes keys only once it has the browser's focus, and the game shows its
// keys (the Footer) only once the page says so: so the page focuses the terminal as soon as the
// game draws. A game the server would not start (full, too many games from one address) is
// closed with the reason, shown where the page would say "Session ended."
(() => {
  "use strict";
  const PageSocket = window.WebSocket;

  function focusGame() {
    const keys = document.querySelector(".xterm-helper-textarea");
    if (keys && document.activeElement !== keys) {
      keys.focus();
    }
  }

  class GameSocket extends PageSocket {
    constructor(url, protocols) {
      super(url, protocols);
      const drawn = (event) => {
        if (typeof event.data !== "string") {
          // The game's first drawing: the terminal is shown, and the game hears that it has focus.
          this.removeEventListener("message", drawn);
          focusGame();
        }
      };
      this.addEventListener("message", drawn);
      this.addEventListener("close", (event) => {
        const said = document.querySelector(".closed-dialog .message");
        if (said && event.reason) {
          said.textContent = event.reason;
        }
      });
    }
  }
  window.WebSocket = GameSocket;
})();
