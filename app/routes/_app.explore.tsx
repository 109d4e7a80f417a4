// /explore: 'Explore', every post newest first.
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { Feed } from "#app/components/Feed";
import { getPosts } from "#app/lib/data";
import { postActions } from "#app/lib/post-actions";
import { TEXT } from "#app/lib/texts";

export async function clientLoader() {
  return { posts: await getPosts() };
}

export const clientAction = postActions;

export default function Explore() {
  const { posts } = useLoaderData<typeof clientLoader>();
  return (
    <div className="page">
      <div className="page__column">
        <h1 className="page__title">{TEXT.exploreHeading}</h1>
        <Feed posts={posts} label="All posts" />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Explore · Moments" }];
