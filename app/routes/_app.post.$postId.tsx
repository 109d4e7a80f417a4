// /post/{postId}: the post, its comments newest first (a page at a time), the
// reply box, and Back to where you were. Works on reload and as a shared link;
// an unknown id says so inside the app. Your own comments can be edited and
// deleted here, and any comment on your own post deleted.
import { Link, useLoaderData, useLocation, useNavigate, type ClientLoaderFunctionArgs, type MetaFunction } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CommentForm } from "#app/components/CommentForm";
import { CommentItem } from "#app/components/CommentItem";
import { PostCard } from "#app/components/PostCard/PostCard";
import { RouteErrorBoundary } from "#app/components/RouteErrorBoundary";
import { ApiError } from "#app/lib/api";
import { readPostVersioned } from "#app/lib/data";
import { useAppData } from "#app/lib/app-data";
import { postActions } from "#app/lib/post-actions";
import { onPostsChanged, putPosts, usePost } from "#app/lib/post-store";
import { revalidateUnlessPostAction } from "#app/lib/revalidate";
import type { Post } from "#app/lib/types";

export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  const postId = params.postId ?? "";
  try {
    const { post, version } = await readPostVersioned(postId);
    return { postId, post, version };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { postId, post: null, version: 0 };
    throw error;
  }
}

export const clientAction = postActions;
export const shouldRevalidate = revalidateUnlessPostAction;

const COMMENTS_PAGE = 20;

export default function PostPage() {
  const { postId, post, version } = useLoaderData<typeof clientLoader>();
  return (
    <div className="page post-page">
      <div className="page__column">
        <BackButton />
        {post ? <PostThread key={post._id} loaded={post} version={version} /> : <PostMissing postId={postId} />}
      </div>
    </div>
  );
}

function PostThread({ loaded, version }: { loaded: Post; version: number }) {
  const { user } = useAppData();
  useEffect(() => putPosts([loaded], version), [loaded, version]);
  const post = usePost(loaded);
  const [deleted, setDeleted] = useState(false);
  useEffect(() => onPostsChanged((change) => change.kind === "deleted" && change.postId === loaded._id && setDeleted(true)), [loaded._id]);
  const [shown, setShown] = useState(COMMENTS_PAGE);
  if (deleted) return <PostMissing postId={loaded._id} deleted />;
  // Newest first; the answer holds them oldest first.
  const comments = [...post.comments].reverse();
  const visible = comments.slice(0, shown);
  return (
    <>
      <h1 className="visually-hidden">
        Post by <bdi>{post.firstName}</bdi>
      </h1>
      <div className="feed">
        <PostCard post={post} me={user.username} position={1} setSize={1} />
      </div>
      <section className="post-page__comments" aria-labelledby="post-comments">
        <h2 id="post-comments" className="section-title">
          {comments.length === 1 ? "1 comment" : `${comments.length} comments`}
        </h2>
        <CommentForm postId={post._id} />
        {comments.length === 0 ? (
          <p className="comments__empty">No comments yet. Be the first.</p>
        ) : (
          <ul className="comments__list">
            {visible.map((c) => (
              <CommentItem key={c._id} comment={c} postId={post._id} actions={{ me: user.username, postAuthor: post.username }} />
            ))}
          </ul>
        )}
        {comments.length > shown ? (
          <button type="button" className="button button--secondary" onClick={() => setShown((n) => n + COMMENTS_PAGE)}>
            Show older comments ({comments.length - shown})
          </button>
        ) : null}
      </section>
    </>
  );
}

/** Back to the screen the reader came from; Home when the page was opened directly (a shared link). */
function BackButton() {
  const location = useLocation();
  const navigate = useNavigate();
  if (location.key === "default")
    return (
      <Link to="/home" className="button button--secondary post-page__back">
        ← Home
      </Link>
    );
  return (
    <button type="button" className="button button--secondary post-page__back" onClick={() => navigate(-1)}>
      ← Back
    </button>
  );
}

function PostMissing({ postId, deleted = false }: { postId: string; deleted?: boolean }) {
  return (
    <section className="profile-missing card" aria-labelledby="post-missing-title">
      <h1 id="post-missing-title" className="profile-missing__title">
        {deleted ? "This post was deleted" : "This post doesn't exist"}
      </h1>
      <p className="profile-missing__text">
        {deleted ? (
          "It is gone for good, with its comments."
        ) : (
          <>
            No post has the id <strong>{postId}</strong>. It may have been deleted.
          </>
        )}
      </p>
      <Link to="/home" className="button button--primary">
        Home
      </Link>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Post · Moments" }];

export const ErrorBoundary = RouteErrorBoundary;
