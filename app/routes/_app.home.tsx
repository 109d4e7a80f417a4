// /home: 'Homepage', the composer, every post newest first (a page at a time,
// windowed), and 'Who to follow' (a few users, not all of them). A second feed,
// Following (`/home?feed=following`), holds only your posts and those of the people
// you follow; the spec's list of every post stays the default.
import { Link, useLoaderData, type ClientLoaderFunctionArgs, type MetaFunction } from "@remix-run/react";
import { Composer } from "#app/components/Composer";
import { Feed } from "#app/components/Feed";
import { WhoToFollow } from "#app/components/WhoToFollow";
import { useAppData } from "#app/lib/app-data";
import { getFollowingPage, getPostsPage } from "#app/lib/data";
import { PHONE, WIDE, useMediaQuery } from "#app/lib/media-query";
import { postActions } from "#app/lib/post-actions";
import { revalidateUnlessPostAction } from "#app/lib/revalidate";
import { TEXT } from "#app/lib/texts";
import type { Post } from "#app/lib/types";

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const following = new URL(request.url).searchParams.get("feed") === "following";
  // 'Who to follow' comes with the shell's loader (routes/_app.tsx).
  const first = await (following ? getFollowingPage() : getPostsPage());
  return { first, feed: following ? ("following" as const) : ("everyone" as const) };
}

export const clientAction = postActions;
export const shouldRevalidate = revalidateUnlessPostAction;

const everyNewPost = () => true;

export default function Home() {
  const { first, feed } = useLoaderData<typeof clientLoader>();
  const { user, suggestions } = useAppData();
  // At 1180 px and wider the shell's right column holds 'Who to follow'; narrower, it comes under the composer.
  const wide = useMediaQuery(WIDE);
  // On a phone it is folded to one line, so the first screen shows posts, not only suggestions.
  const phone = useMediaQuery(PHONE);
  const mineOrFollowed = (post: Post) =>
    post.username === user.username || (user.following ?? []).some((f) => f.username === post.username);
  return (
    <div className="page page--with-aside">
      <div className="page__column">
        <h1 className="page__title">{TEXT.homeHeading}</h1>
        <Composer user={user} />
        <nav className="feed-tabs" aria-label="Feeds">
          <Link to="/home" className="feed-tabs__tab" aria-current={feed === "everyone" ? "page" : undefined}>
            Everyone
          </Link>
          <Link to="/home?feed=following" className="feed-tabs__tab" aria-current={feed === "following" ? "page" : undefined}>
            Following
          </Link>
        </nav>
        {feed === "following" ? (
          <Feed
            key="following"
            first={first}
            load={getFollowingPage}
            label="Following feed"
            listId="home:following"
            takesNew={mineOrFollowed}
            empty="Nothing here yet: posts by you and the people you follow show here."
          />
        ) : (
          <Feed key="everyone" first={first} load={getPostsPage} label="Home feed" listId="home" takesNew={everyNewPost} />
        )}
      </div>
      {wide ? null : (
        <aside className="page__aside" aria-label="Suggestions">
          <WhoToFollow users={suggestions} me={user.username} folded={phone} />
        </aside>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [
  { title: "Home · Moments" },
  { name: "description", content: "Your Moments home: write a post, read everyone's latest posts and find people to follow." },
];
