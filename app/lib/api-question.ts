// The full-screen question asked before the app talks to an API that is not on
// this machine (a link's `?api=`, see api-target.ts): it names the origin and what
// would be sent there, your password included, with Cancel focused. It runs
// before the app starts, so until the person says yes nothing is stored or sent.
//
// Plain DOM, not React: a React root made before the app's hydrateRoot(document)
// marks the document as listened to, and the app would then get no events.

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
) {
  const el = Object.assign(document.createElement(tag), props);
  el.append(...children);
  return el;
}

/** Shows the question over the page (whose content is inert meanwhile); resolves with the answer once it is gone again. */
export function askBeforeUsingApi(origin: string): Promise<boolean> {
  return new Promise((resolve) => {
    const others = [...document.body.children].filter((el) => !el.hasAttribute("inert"));
    const title = element("h1", { id: "api-question-title", className: "api-question__title" }, `Send your data to ${origin}?`);
    const cancel = element("button", { type: "button", className: "button button--primary" }, "Cancel");
    const use = element("button", { type: "button", className: "button button--secondary" }, `Use ${origin}`);
    const text = element(
      "div",
      { id: "api-question-text", className: "api-question__text" },
      element(
        "p",
        {},
        "The link you opened asks Moments to use the API at ",
        element("strong", { className: "api-question__origin" }, origin),
        " instead of the mock inside this browser. That server is not on this computer.",
      ),
      element("p", {}, "If you continue, Moments sends it:"),
      element(
        "ul",
        {},
        element("li", {}, "your username and your password, when you log in or sign up;"),
        element("li", {}, "everything you post, like, comment on, bookmark and follow, with your session token."),
      ),
      element("p", {}, "Continue only if you run that server yourself or trust whoever does. Nothing has been sent yet."),
    );
    const question = element(
      "div",
      { className: "api-question" },
      element(
        "div",
        { className: "api-question__panel" },
        title,
        text,
        element("div", { className: "api-question__actions" }, cancel, use),
      ),
    );
    question.setAttribute("role", "alertdialog");
    question.setAttribute("aria-modal", "true");
    question.setAttribute("aria-labelledby", title.id);
    question.setAttribute("aria-describedby", text.id);

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") answer(false);
      else if (event.key === "Tab") {
        // Two buttons: Tab moves between them and never leaves the question.
        event.preventDefault();
        (document.activeElement === cancel ? use : cancel).focus();
      }
    };
    const answer = (yes: boolean) => {
      document.removeEventListener("keydown", onKeyDown);
      question.remove();
      for (const el of others) el.removeAttribute("inert");
      resolve(yes);
    };
    cancel.addEventListener("click", () => answer(false));
    use.addEventListener("click", () => answer(true));
    document.addEventListener("keydown", onKeyDown);
    for (const el of others) el.setAttribute("inert", "");
    document.body.append(question);
    cancel.focus();
  });
}
