// What the app reads from the API (CONTRACT §3, as the mock sends it).
export interface UserRef {
  _id: string;
  username: string;
  firstName: string;
  lastName?: string;
  userPhoto?: string;
}

export interface User extends UserRef {
  bio?: string;
  link?: string;
  coverPhoto?: string;
  userPhotoAlt?: string;
  coverPhotoAlt?: string;
  followers: UserRef[];
  following: UserRef[];
  bookmarks?: string[];
  createdAt?: string;
}

export interface Comment {
  _id: string;
  commentVal: string;
  username: string;
  firstName: string;
  lastName?: string;
  profilePic?: string;
  createdAt: string;
}

export interface Post {
  _id: string;
  content: string;
  postPic: string;
  /** The picture's description, when the author wrote one. */
  postPicAlt?: string;
  username: string;
  firstName: string;
  lastName?: string;
  userPhoto?: string;
  likes: { likeCount: number; likedBy: UserRef[]; dislikedBy: UserRef[] };
  comments: Comment[];
  createdAt: string;
  updatedAt: string;
}
