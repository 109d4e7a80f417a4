// Any other path inside the protected group (CONTRACT §2): 'Error 404: PageNotFound' and a way home.
import { Link, useLocation, type MetaFunction } from "@remix-run/react";
import { TEXT } from "#app/lib/texts";

export default function PageNotFound() {
  const { pathname } = useLocation();
  return (
    <div className="page">
      <section className="not-found card" aria-labelledby="not-found-title">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title" className="not-found__title">
          {TEXT.pageNotFound}
        </h1>
        <p className="not-found__text">
          Nothing lives at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
        </p>
        <Link to="/home" className="button button--primary">
          Home
        </Link>
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Page not found · Moments" }];
