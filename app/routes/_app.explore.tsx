// /explore: 'Explore', a search box (posts, people, tags; ?q=&type=posts|users|tags), and every
// post newest first while nothing is searched, a page at a time, windowed.
import { replace, useLoaderData, type ClientLoaderFunctionArgs, type MetaFunction } from "@remix-run/react";
import { useCallback } from "react";
import { Feed } from "#app/components/Feed";
import { SearchBox } from "#app/components/SearchBox";
import { PeopleResults, TagResults } from "#app/components/SearchResults";
import { getPostsPage } from "#app/lib/data";
import { postActions } from "#app/lib/post-actions";
import { revalidateUnlessPostAction } from "#app/lib/revalidate";
import { search, searchTypeOf } from "#app/lib/search";
import { TEXT } from "#app/lib/texts";

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const q = params.get("q")?.trim() ? params.get("q")! : "";
  const asked = params.get("type");
  const type = searchTypeOf(asked);
  // The URL says the tab it shows: `people` (the tab's name) opens People as `users`, anything unknown
  // shows Posts as `posts`. Replaced, not pushed, so Back never lands on the URL that was put right.
  if (asked !== null && asked !== type) {
    params.set("type", type);
    throw replace(`${url.pathname}?${params}`);
  }
  if (!q) return { q, type, found: null, first: await getPostsPage() };
  const found =
    type === "users"
      ? { type, page: await search(q, "users") }
      : type === "tags"
        ? { type, page: await search(q, "tags") }
        : { type, page: await search(q, "posts") };
  return { q, type, found, first: null };
}

export const clientAction = postActions;
export const shouldRevalidate = revalidateUnlessPostAction;

const everyNewPost = () => true;

export default function Explore() {
  const { q, type, found, first } = useLoaderData<typeof clientLoader>();
  const loadPosts = useCallback((cursor: string) => search(q, "posts", cursor), [q]);
  const loadPeople = useCallback((cursor: string) => search(q, "users", cursor), [q]);
  const loadTags = useCallback((cursor: string) => search(q, "tags", cursor), [q]);
  return (
    <div className="page">
      <div className="page__column">
        <h1 className="page__title">{TEXT.exploreHeading}</h1>
        <SearchBox q={q} type={type} />
        {first ? (
          <Feed first={first} load={getPostsPage} label="All posts" listId="explore" takesNew={everyNewPost} />
        ) : found ? (
          <>
            <p className="page__subtitle" role="status">
              {found.page.total === 1 ? "1 result" : `${found.page.total.toLocaleString("en")} results`} for “{q}”
            </p>
            {found.type === "posts" ? (
              <Feed
                key={`posts:${q}`}
                first={found.page}
                load={loadPosts}
                label={`Posts matching ${q}`}
                listId={`search:${q}`}
                empty="No posts found."
              />
            ) : found.type === "users" ? (
              <PeopleResults key={`users:${q}`} first={found.page} load={loadPeople} />
            ) : (
              <TagResults key={`tags:${q}`} first={found.page} load={loadTags} />
            )}
          </>
        ) : null}
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Explore · Moments" }];
