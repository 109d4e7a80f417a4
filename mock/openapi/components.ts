// The named schemas of the OpenAPI description: the answer shapes routes name
// (route-kit's Shape), built from the record schemas of mock/data/records.ts so an
// answer's documented shape cannot drift from the records, each a component the
// operations reference with $ref. Examples are the seed's.
import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z, type ZodTypeAny } from "zod";
import { MAX_LIMIT } from "../data/paging";
import { commentAnswerSchema, postAnswerSchema, todoRecordSchema, userAnswerSchema, userRefSchema } from "../data/records";
import type { Shape } from "../routes/route-kit";
import { POST_IDS, SEED_POSTS, SEED_USERS } from "../data/seed";

// The generator reads its metadata through zod's prototype; loading this module adds it.
extendZodWithOpenApi(z);

const SEEDED_AT = "2024-05-01T09:00:00+00:00";
const seedUser = (i: number) => {
  const { password: _password, ...user } = SEED_USERS[i];
  return user;
};
const exampleRef = (i: number) => {
  const { _id, username, firstName, lastName, userPhoto } = seedUser(i);
  return { _id, username, firstName, lastName, userPhoto };
};
const exampleUser = (i: number) => ({
  ...seedUser(i),
  coverPhoto: "/seed/cover-default.svg",
  followers: [],
  following: [],
  bookmarks: [],
  createdAt: SEEDED_AT,
  updatedAt: SEEDED_AT,
});
const examplePost = (i: number) => {
  const seed = SEED_POSTS[i];
  const author = exampleRef(seed.by);
  return {
    _id: POST_IDS[i],
    content: seed.content,
    postPic: seed.pic,
    username: author.username,
    firstName: author.firstName,
    lastName: author.lastName,
    userPhoto: author.userPhoto,
    likes: { likeCount: seed.likes, likedBy: [], dislikedBy: [] },
    comments: [],
    createdAt: SEEDED_AT,
    updatedAt: SEEDED_AT,
  };
};
const exampleComment = {
  _id: "0f6b1d2e-3c4a-4b5d-8e9f-a0b1c2d3e4f5",
  commentVal: "Congratulations!",
  username: SEED_USERS[2].username,
  firstName: SEED_USERS[2].firstName,
  lastName: SEED_USERS[2].lastName,
  profilePic: SEED_USERS[2].userPhoto,
  votes: { upvotedBy: [], downvotedBy: [] },
  createdAt: SEEDED_AT,
  updatedAt: SEEDED_AT,
};

const refs = z.array(userRefSchema.strict().openapi("UserRef", { description: "A user as answers quote it.", example: exampleRef(0) }));
const UserRef = refs.element;

export const User = userAnswerSchema
  .extend({ followers: z.array(UserRef), following: z.array(UserRef) })
  .strict()
  .openapi("User", { description: "A user: never a password.", example: exampleUser(2) });

export const Comment = commentAnswerSchema
  .extend({ votes: z.object({ upvotedBy: z.array(UserRef), downvotedBy: z.array(UserRef) }).strict() })
  .strict()
  .openapi("Comment", { description: "A comment, its author's names and photo joined in.", example: exampleComment });

export const Post = postAnswerSchema
  .extend({
    likes: z.object({ likeCount: z.number().int().min(0), likedBy: z.array(UserRef), dislikedBy: z.array(UserRef) }).strict(),
    comments: z.array(Comment),
  })
  .strict()
  .openapi("Post", { description: "A post, with its comments and the users it quotes.", example: examplePost(0) });

const Todo = todoRecordSchema.strict().openapi("Todo", { description: "A sandbox todo." });

export const ErrorBody = z
  .object({ errors: z.array(z.string()).min(1) })
  .strict()
  .openapi("Error", {
    description: "Every refusal: one message (CONTRACT §8's texts).",
    example: { errors: ["Cannot like a post that is already liked."] },
  });

const named = (name: string, description: string, shape: z.ZodRawShape, example?: Record<string, unknown>) =>
  z
    .object(shape)
    .strict()
    .openapi(name, example === undefined ? { description } : { description, example });
const page = (name: string, key: string, item: ZodTypeAny, what: string) =>
  named(name, `One page of ${what}, newest first.`, {
    [key]: z.array(item).max(MAX_LIMIT),
    next: z.string().nullable().openapi({ description: "The cursor of the next page; null on the last." }),
    total: z.number().int().min(0).openapi({ description: "How many the whole list holds." }),
  });
const posts = z.array(Post);
const comments = z.array(Comment);
const token = z.string().openapi({ description: "Send it in `authorization` (bare or `Bearer <token>`)." });

const postPage = page("PostPage", "posts", Post, "posts");
const userPage = page("UserPage", "users", User, "users");

/** Each Shape's schema. */
export const SHAPES: Record<Shape, ZodTypeAny> = {
  SignupAnswer: named("SignupAnswer", "A new user and their token.", { createdUser: User, encodedToken: token }),
  LoginAnswer: named("LoginAnswer", "The user and a token.", { foundUser: User, encodedToken: token }),
  PostList: named("PostList", "Posts, oldest first.", { posts }, { posts: [examplePost(0), examplePost(1)] }),
  PostPage: postPage,
  OnePost: named("OnePost", "One post.", { post: Post }, { post: examplePost(0) }),
  DeletedPost: named("DeletedPost", "The id of the deleted post.", { deleted: z.string() }, { deleted: POST_IDS[0] }),
  CommentList: named("CommentList", "A post's comments, oldest first.", { comments }, { comments: [exampleComment] }),
  CommentPage: page("CommentPage", "comments", Comment, "a post's comments"),
  PostsAndComments: named("PostsAndComments", "Every post, and the post's comments.", { posts, comments }),
  PostAndComments: named("PostAndComments", "The post, and its comments.", { post: Post, comments }),
  UserList: named("UserList", "Users, oldest first.", { users: z.array(User) }),
  UserPage: userPage,
  OneUser: named("OneUser", "One user.", { user: User }, { user: exampleUser(2) }),
  FollowAnswer: named("FollowAnswer", "The caller and the other user.", { user: User, followUser: User }),
  BookmarkList: named("BookmarkList", "Bookmarked posts, oldest first.", { bookmarks: posts }),
  BookmarkPage: page("BookmarkPage", "bookmarks", Post, "bookmarked posts"),
  TodoList: named("TodoList", "The sandbox's todos.", { todos: z.array(Todo) }),
  NewTodo: named("NewTodo", "The new todo, and every todo.", { todo: Todo, todos: z.array(Todo) }),
  OpenApiDocument: z.object({ openapi: z.string() }).passthrough().openapi("OpenApiDocument", { description: "An OpenAPI 3.1 document." }),
  SearchPage: z
    .union([
      postPage,
      userPage,
      named("TagPage", "One page of tags, most used first.", {
        tags: z.array(z.object({ tag: z.string(), count: z.number().int().min(1) }).strict()).max(MAX_LIMIT),
        next: z.string().nullable().openapi({ description: "The cursor of the next page; null on the last." }),
        total: z.number().int().min(0).openapi({ description: "How many tags start so." }),
      }),
    ])
    .openapi("SearchPage", { description: "One page of a search: posts or people newest first, or tags most used first." }),
  NotificationPage: named("NotificationPage", "One page of the caller's notifications, newest first, and how many are unread.", {
    notifications: z
      .array(
        named("Notification", "What someone did that concerns the caller: their names joined in, the post and comment by id and text.", {
          _id: z.string(),
          kind: z.enum(["like", "comment", "follow", "mention"]),
          read: z.boolean(),
          createdAt: z.string(),
          actor: UserRef,
          post: z.object({ _id: z.string(), content: z.string() }).strict().nullable(),
          comment: z.object({ _id: z.string(), commentVal: z.string() }).strict().nullable(),
        }),
      )
      .max(MAX_LIMIT),
    next: z.string().nullable().openapi({ description: "The cursor of the next page; null on the last." }),
    total: z.number().int().min(0).openapi({ description: "How many notifications the caller has." }),
    unread: z.number().int().min(0).openapi({ description: "How many of them are unread." }),
  }),
  NotificationsRead: named("NotificationsRead", "How many of the caller's notifications are still unread.", {
    unread: z.number().int().min(0),
  }),
};
