// /home: 'Homepage', the composer, every post newest first, and 'Who to follow'.
import { useLoaderData, useNavigation, type MetaFunction } from "@remix-run/react";
import { Composer } from "#app/components/Composer";
import { Feed } from "#app/components/Feed";
import { WhoToFollow } from "#app/components/WhoToFollow";
import { useAppData } from "#app/lib/app-data";
import { getPosts, getUsers } from "#app/lib/data";
import { postActions } from "#app/lib/post-actions";
import { TEXT } from "#app/lib/texts";

export async function clientLoader() {
  const [posts, users] = await Promise.all([getPosts(), getUsers()]);
  return { posts, users };
}

export const clientAction = postActions;

export default function Home() {
  const { posts, users } = useLoaderData<typeof clientLoader>();
  const { user } = useAppData();
  const navigation = useNavigation();
  return (
    <div className="page page--with-aside">
      <div className="page__column">
        <h1 className="page__title">{TEXT.homeHeading}</h1>
        <Composer user={user} />
        <Feed posts={posts} label="Home feed" busy={navigation.state === "loading"} />
      </div>
      <aside className="page__aside" aria-label="Suggestions">
        <WhoToFollow users={users} me={user.username} />
      </aside>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Home · Moments" }];
