// /home: 'Homepage', the composer, every post newest first (a page at a time,
// windowed), and 'Who to follow' (a few users, not all of them).
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { Composer } from "#app/components/Composer";
import { Feed } from "#app/components/Feed";
import { WhoToFollow } from "#app/components/WhoToFollow";
import { useAppData } from "#app/lib/app-data";
import { getPostsPage, getSuggestions } from "#app/lib/data";
import { postActions } from "#app/lib/post-actions";
import { revalidateUnlessPostAction } from "#app/lib/revalidate";
import { getSessionUser } from "#app/lib/session";
import { settle } from "#app/lib/settle";
import { TEXT } from "#app/lib/texts";

export async function clientLoader() {
  // The feed is the screen; 'Who to follow' is a panel that may fail alone.
  const [first, users] = await Promise.all([getPostsPage(), settle(getSuggestions(getSessionUser()?.username ?? ""))]);
  return { first, users };
}

export const clientAction = postActions;
export const shouldRevalidate = revalidateUnlessPostAction;

const everyNewPost = () => true;

export default function Home() {
  const { first, users } = useLoaderData<typeof clientLoader>();
  const { user } = useAppData();
  return (
    <div className="page page--with-aside">
      <div className="page__column">
        <h1 className="page__title">{TEXT.homeHeading}</h1>
        <Composer user={user} />
        <Feed first={first} load={getPostsPage} label="Home feed" listId="home" takesNew={everyNewPost} />
      </div>
      <aside className="page__aside" aria-label="Suggestions">
        <WhoToFollow users={users} me={user.username} />
      </aside>
    </div>
  );
}

export const meta: MetaFunction = () => [
  { title: "Home · Moments" },
  { name: "description", content: "Your Moments home: write a post, read everyone's latest posts and find people to follow." },
];
