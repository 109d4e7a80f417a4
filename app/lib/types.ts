// What the app reads from the API (CONTRACT §3, as the mock sends it): the
// answer shapes of mock/data/records.ts, the one definition, as types only.
import type { CommentAnswer, PostAnswer, UserAnswer, UserRef as MockUserRef } from "#mock/data/records";

export type UserRef = MockUserRef;
export type User = UserAnswer;
export type Comment = CommentAnswer;
export type Post = PostAnswer;
