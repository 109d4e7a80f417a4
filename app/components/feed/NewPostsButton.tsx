// A lane of no height that sticks to the top of the screen: the button floats over the list and
// never moves it (as Bluesky and X do); the posts join only when asked.
export function NewPostsButton({ count, onShow }: { count: number; onShow(): void }) {
  if (count === 0) return null;
  return (
    <div className="feed__new-lane">
      <button type="button" className="button button--primary feed__new" onClick={onShow}>
        Show {count} new {count === 1 ? "post" : "posts"}
      </button>
    </div>
  );
}
