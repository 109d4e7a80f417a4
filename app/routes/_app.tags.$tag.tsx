// /tags/{tag}: the posts holding #tag, newest first, a page at a time, windowed
// like every feed. A new post with the tag joins the top.
import { useLoaderData, type ClientLoaderFunctionArgs, type MetaFunction } from "@remix-run/react";
import { useCallback } from "react";
import { Feed } from "#app/components/Feed";
import { RouteErrorBoundary } from "#app/components/RouteErrorBoundary";
import { getTagPostsPage } from "#app/lib/data";
import { postActions } from "#app/lib/post-actions";
import { revalidateUnlessPostAction } from "#app/lib/revalidate";
import type { Post } from "#app/lib/types";
import { fold, tagsOf } from "#mock/features/text-terms";

export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  const tag = fold((params.tag ?? "").replace(/^#/, ""));
  return { tag, first: await getTagPostsPage(tag) };
}

export const clientAction = postActions;
export const shouldRevalidate = revalidateUnlessPostAction;

export default function TagPage() {
  const { tag, first } = useLoaderData<typeof clientLoader>();
  const load = useCallback((cursor: string) => getTagPostsPage(tag, cursor), [tag]);
  const takesNew = useCallback((post: Post) => tagsOf(post.content).includes(tag), [tag]);
  return (
    <div className="page">
      <div className="page__column">
        <h1 className="page__title">#{tag}</h1>
        <p className="page__subtitle">
          {first.total === 1 ? "1 post" : `${first.total.toLocaleString("en")} posts`} with this tag, newest first.
        </p>
        <Feed
          key={tag}
          first={first}
          load={load}
          label={`Posts tagged #${tag}`}
          listId={`tag:${tag}`}
          takesNew={takesNew}
          empty={`No posts with #${tag} yet.`}
        />
      </div>
    </div>
  );
}

export const meta: MetaFunction = ({ params }) => [{ title: `#${params.tag ?? ""} · Moments` }];

export const ErrorBoundary = RouteErrorBoundary;
