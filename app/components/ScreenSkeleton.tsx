// What a screen shows while it loads: the shape of a title and a few post
// cards, pulsing, so a slow backend never leaves a blank or a stale screen.
export function ScreenSkeleton({ cards = 3 }: { cards?: number }) {
  return (
    <div className="page" aria-busy="true">
      <div className="page__column">
        <p className="visually-hidden" role="status">
          Loading…
        </p>
        <div className="skeleton skeleton--title" aria-hidden="true" />
        <div className="feed" aria-hidden="true">
          {Array.from({ length: cards }, (_, i) => (
            <div key={i} className="skeleton-card">
              <div className="skeleton skeleton--avatar" />
              <div className="skeleton-card__lines">
                <div className="skeleton skeleton--line" />
                <div className="skeleton skeleton--line skeleton--long" />
                <div className="skeleton skeleton--line skeleton--short" />
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
