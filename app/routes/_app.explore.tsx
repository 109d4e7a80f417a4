// /explore: 'Explore', every post newest first, a page at a time, windowed.
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { Feed } from "#app/components/Feed";
import { getPostsPage } from "#app/lib/data";
import { postActions } from "#app/lib/post-actions";
import { revalidateUnlessPostAction } from "#app/lib/revalidate";
import { TEXT } from "#app/lib/texts";

export async function clientLoader() {
  return { first: await getPostsPage() };
}

export const clientAction = postActions;
export const shouldRevalidate = revalidateUnlessPostAction;

const everyNewPost = () => true;

export default function Explore() {
  const { first } = useLoaderData<typeof clientLoader>();
  return (
    <div className="page">
      <div className="page__column">
        <h1 className="page__title">{TEXT.exploreHeading}</h1>
        <Feed first={first} load={getPostsPage} label="All posts" listId="explore" takesNew={everyNewPost} />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Explore · Moments" }];
