// The spec's seed (CONTRACT §3): four users and six posts, one user the guest. And a
// deterministic generator for larger data sets (demos, benchmarks).
import { DEFAULT_ITERATIONS, hashPassword } from "../core/password";
import { POST_MAX } from "../core/rules";
import { timestamp } from "../core/time";
import type { PostRecord, Snapshot, UserRecord } from "../core/types";

export const GUEST = { username: "guest", password: "guest1234" } as const;

export const SEED_USERS = [
  {
    _id: "5c1e5a52-5e6f-4c0f-9a2b-0a7e3b1d2c01",
    username: "adasterling",
    password: "ada-cto-2024",
    firstName: "Ada",
    lastName: "Sterling",
    bio: "CTO at Northwind Cloud. Shipping boring, reliable software.",
    link: "https://example.com/ada",
    userPhoto: "/seed/avatar-ada.svg",
  },
  {
    _id: "5c1e5a52-5e6f-4c0f-9a2b-0a7e3b1d2c02",
    username: "marcoreyes",
    password: "marco-builds",
    firstName: "Marco",
    lastName: "Reyes",
    bio: "Founder of three startups, two of them still alive.",
    link: "https://example.com/marco",
    userPhoto: "/seed/avatar-marco.svg",
  },
  {
    _id: "5c1e5a52-5e6f-4c0f-9a2b-0a7e3b1d2c03",
    username: GUEST.username,
    password: GUEST.password,
    firstName: "Guest",
    lastName: "Developer",
    bio: "Developer. Kicking the tyres of Moments.",
    link: "",
    userPhoto: "/seed/avatar-guest.svg",
  },
  {
    _id: "5c1e5a52-5e6f-4c0f-9a2b-0a7e3b1d2c04",
    username: "lenaokafor",
    password: "lena-ceo-ops",
    firstName: "Lena",
    lastName: "Okafor",
    bio: "COO at Brightline. Operations, people, and good coffee.",
    link: "https://example.com/lena",
    userPhoto: "/seed/avatar-lena.svg",
  },
];

/**
 * The shipped post pictures (app/public/seed/) and their size in pixels (each file's
 * viewBox): seeded posts carry it as postPicSize, so a card keeps the picture's shape
 * before it loads, as it does for a picture measured at upload.
 */
export const SEED_PICTURES: Readonly<Record<string, { readonly width: number; readonly height: number }>> = {
  "/seed/post-dawn.svg": { width: 640, height: 360 },
  "/seed/post-dusk.svg": { width: 640, height: 360 },
  "/seed/post-sea.svg": { width: 640, height: 360 },
};

/** A post's picture fields for one of the shipped pictures ("" for none): the path and, with it, its size. */
export function seedPicture(pic: string): Pick<PostRecord, "postPic" | "postPicSize"> {
  const size = SEED_PICTURES[pic];
  return size ? { postPic: pic, postPicSize: { ...size } } : { postPic: pic };
}

const SHIPPED_PICTURES = Object.keys(SEED_PICTURES);

export const SEED_POSTS = [
  {
    by: 0,
    likes: 790,
    pic: "/seed/post-dawn.svg",
    content: "Shipped our new edge region this morning. Latency down 40% for half our users.",
  },
  { by: 1, likes: 999, pic: "", content: "Fundraising tip: the best deck is a product people already use." },
  { by: 2, likes: 800, pic: "", content: "Spent the afternoon deleting code. Best commit of the week." },
  {
    by: 3,
    likes: 2500,
    pic: "/seed/post-sea.svg",
    content: "Offsite by the sea. The team planned Q3 in one morning and swam all afternoon.",
  },
  { by: 0, likes: 1500, pic: "", content: "Hiring senior engineers who like writing docs as much as code." },
  { by: 1, likes: 2800, pic: "/seed/post-dusk.svg", content: "Ten years since my first company. Still learning every single day." },
];

export const POST_IDS = [
  "8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b01",
  "8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b02",
  "8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b03",
  "8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b04",
  "8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b05",
  "8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b06",
];

/**
 * The seed users' hashes at the default cost, made once (tests/api/seed-hashes.test.ts checks each
 * against its password and cost, and prints the table anew when one changes). The seed's passwords
 * are published (the README's guest login, this file), so a salt shared by every install hides
 * nothing, and a fresh browser's first boot no longer runs four PBKDF2 hashes before it can answer.
 */
export const SEED_HASHES: Readonly<Record<string, string>> = {
  "ada-cto-2024": "pbkdf2$100000$AQ6fukykwxkiHRL5mIllpg==$4rQvufO24lAkAXnZdARK17PqXGAmYN7ucrdFOeFQBHY=",
  "marco-builds": "pbkdf2$100000$8nzsiFZiM/VtlQ5FRWZyOA==$bjcrbLBYb57S1GPnNOgXdOxbUlT8jT0oJFgYyhh0/JA=",
  guest1234: "pbkdf2$100000$KpOOIfXVOaEuZ2aONjUnUA==$+ywL5xUjvZ4FQN96kzX7UXK42VOig28YcwkuAXlHVz4=",
  "lena-ceo-ops": "pbkdf2$100000$ayws1Tw6xJIcIa3m3R++oA==$CERdDuKWxWPxuaziZ/b6y5hMLuPuGj+bjI/+ZsueSvc=",
};

/**
 * The seed users' hashes at another cost (tests ask for fewer rounds), made once per process and
 * cost: a reset between every test of a suite (the admin API's POST reset) would otherwise spend
 * most of its time in PBKDF2.
 */
const seedHashes = new Map<string, Promise<string>>();
const seedHash = (password: string, iterations: number) => {
  const made = SEED_HASHES[password];
  if (made && iterations === DEFAULT_ITERATIONS) return Promise.resolve(made);
  const key = `${iterations}:${password}`;
  let hash = seedHashes.get(key);
  if (!hash) seedHashes.set(key, (hash = hashPassword(password, iterations)));
  return hash;
};

export async function seedSnapshot(iterations = DEFAULT_ITERATIONS, now = new Date()): Promise<Snapshot> {
  const hour = 3600_000;
  const created = timestamp(new Date(now.getTime() - 30 * 24 * hour));
  const users: UserRecord[] = await Promise.all(
    SEED_USERS.map(async ({ password, ...u }) => ({
      ...u,
      passwordHash: await seedHash(password, iterations),
      coverPhoto: "/seed/cover-default.svg",
      followers: [],
      following: [],
      bookmarks: [],
      createdAt: created,
      updatedAt: created,
    })),
  );
  const posts: PostRecord[] = SEED_POSTS.map((p, i) => {
    const at = timestamp(new Date(now.getTime() - (SEED_POSTS.length - i) * 7 * hour));
    const author = users[p.by];
    return {
      _id: POST_IDS[i],
      content: p.content,
      ...seedPicture(p.pic),
      username: author.username,
      likes: { likeCount: p.likes, likedBy: [], dislikedBy: [] },
      createdAt: at,
      updatedAt: at,
    };
  });
  return { users, posts, comments: [], todos: [], photos: [], notifications: [] };
}

// ---- generated data ----

export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function uuidFrom(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = "4";
  hex[16] = "89ab"[Math.floor(random() * 4)];
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

const FIRST = ["Ava", "Ben", "Chloe", "Dev", "Elif", "Farid", "Gia", "Hugo", "Ines", "Jon", "Kai", "Lia", "Milo", "Nora", "Omar", "Pia"];
const LAST = ["Ng", "Silva", "Berg", "Khan", "Moreau", "Ito", "Costa", "Adeyemi", "Novak", "Park"];
const WORDS = "ship build learn coffee team launch design code review deploy idea market users growth travel music weekend focus".split(
  " ",
);

export const GENERATED_PASSWORD = "password";

export interface GenerateOptions {
  users: number;
  posts: number;
  seed: number;
  iterations?: number;
}

/**
 * A deterministic data set: the same options give the same ids and text.
 * Generated users share one password ("password") and, to keep generation
 * fast, one salted hash.
 */
export async function generateData(opts: GenerateOptions, now = new Date()): Promise<Snapshot> {
  const random = mulberry32(opts.seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const salt = new Uint8Array(16).map(() => Math.floor(random() * 256));
  const passwordHash = await hashPassword(GENERATED_PASSWORD, opts.iterations ?? DEFAULT_ITERATIONS, salt);
  const stamp = timestamp(now);
  const users: UserRecord[] = Array.from({ length: opts.users }, (_, i) => ({
    _id: uuidFrom(random),
    // Base 36 keeps every name within the 12-character limit and unique up to 1.6 million users.
    username: `user${opts.seed % 1000}_${i.toString(36)}`,
    passwordHash,
    firstName: pick(FIRST),
    lastName: pick(LAST),
    bio: `Generated user ${i}.`,
    link: "",
    userPhoto: pick(["/seed/avatar-ada.svg", "/seed/avatar-marco.svg", "/seed/avatar-lena.svg", "/seed/avatar-guest.svg"]),
    coverPhoto: "/seed/cover-default.svg",
    followers: [],
    following: [],
    bookmarks: [],
    createdAt: stamp,
    updatedAt: stamp,
  }));
  const posts: PostRecord[] = [];
  for (let i = 0; i < opts.posts; i++) {
    const author = users.length ? users[Math.floor(random() * users.length)] : undefined;
    const words = Array.from({ length: 6 + Math.floor(random() * 14) }, () => pick(WORDS));
    const at = timestamp(new Date(now.getTime() - (opts.posts - i) * 60_000));
    posts.push({
      _id: uuidFrom(random),
      content: words.join(" ").slice(0, POST_MAX),
      ...seedPicture(random() < 0.2 ? pick(SHIPPED_PICTURES) : ""),
      username: author?.username ?? "guest",
      likes: { likeCount: Math.floor(random() * 3000), likedBy: [], dislikedBy: [] },
      createdAt: at,
      updatedAt: at,
    });
  }
  return { users, posts, comments: [], todos: [], photos: [], notifications: [] };
}
