// The shapes the mock API stores, and the contract every store implements.

/**
 * A user as answers quote it (likedBy, followers, a post's author): never a password,
 * never bookmarks. Records store only the user's id (or, for authors, the username,
 * which never changes); names and photos are joined in when an answer is built
 * (mock/views.ts), so a 2 MB avatar is stored once, not in every like and comment.
 */
export interface UserRef {
  _id: string;
  username: string;
  firstName: string;
  lastName: string;
  userPhoto: string;
}

export interface UserRecord extends UserRef {
  /** `pbkdf2$<iterations>$<salt b64>$<hash b64>`; never leaves the mock except in exports. */
  passwordHash: string;
  bio: string;
  link: string;
  coverPhoto: string;
  /** Descriptions of the photos, when the user wrote them. */
  userPhotoAlt?: string;
  coverPhotoAlt?: string;
  /** User ids, in the order they followed. */
  followers: string[];
  following: string[];
  /** Post ids, oldest first; responses expand them to the current posts. */
  bookmarks: string[];
  createdAt: string;
  updatedAt: string;
}

export interface CommentRecord {
  _id: string;
  commentVal: string;
  /** The author; names and photo come from the user at answer time. */
  username: string;
  /** User ids. */
  votes: { upvotedBy: string[]; downvotedBy: string[] };
  createdAt: string;
  updatedAt: string;
}

export interface PostRecord {
  _id: string;
  content: string;
  postPic: string;
  /** The picture's description (alt text), when the author wrote one. */
  postPicAlt?: string;
  /** The author; names and photo come from the user at answer time. */
  username: string;
  /** likedBy, dislikedBy: user ids. */
  likes: { likeCount: number; likedBy: string[]; dislikedBy: string[] };
  comments: CommentRecord[];
  createdAt: string;
  updatedAt: string;
}

export interface TodoRecord {
  _id: string;
  title: string;
  done: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface Collections {
  users: UserRecord;
  posts: PostRecord;
  todos: TodoRecord;
}
export type CollectionName = keyof Collections;
export const COLLECTIONS: CollectionName[] = ["users", "posts", "todos"];

/** Every record of every collection, each list in insertion order. */
export type Snapshot = { [K in CollectionName]: Collections[K][] };

/**
 * What one request changed: per collection, the records written (whole, in the
 * order they were first inserted) and the ids removed. Stores apply it atomically.
 */
export type ChangeSet = {
  [K in CollectionName]?: { put: Collections[K][]; remove: string[] };
};

export interface Store {
  /** Names the file or database, for messages. */
  readonly label: string;
  /** The saved data, or null when the store is empty. Throws StoreError when it cannot be read. */
  load(): Promise<Snapshot | null>;
  /** Applies one request's changes in one transaction. */
  commit(changes: ChangeSet): Promise<void>;
  /**
   * The records with these ids as the store holds them now (undefined where it has none):
   * what a refused write is rolled back to, without reading the whole store again.
   */
  saved?<K extends CollectionName>(collection: K, ids: string[]): Promise<(Collections[K] | undefined)[]>;
  /** Replaces everything (reset, import). */
  replace(snapshot: Snapshot): Promise<void>;
  close(): Promise<void>;
  /**
   * Runs one request with exclusive access among everyone sharing this store
   * (browser tabs on one IndexedDB). Stores used by one owner leave it out.
   */
  exclusive?<T>(task: () => Promise<T>): Promise<T>;
  /** Inside `exclusive`: the data as it is now if someone else changed it since we last read or wrote, else null. */
  changedElsewhere?(): Promise<Snapshot | null>;
}

export class StoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreError";
  }
}
