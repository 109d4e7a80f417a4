// `mockman seed`'s data set: people with distinct names, bios and links, posts
// of whole sentences with hashtags (some with the shipped pictures), comments,
// follows, likes whose counts match likedBy, and an avatar of each person's own
// (cli/avatar.ts). @faker-js/faker, seeded, so a
// --seed always gives the same data. CLI only: the browser bundle never loads it.
import { Faker, base, en } from "@faker-js/faker";
import { avatarDataUrl } from "#cli/avatar";
import { hashPassword } from "#mock/core/password";
import { COMMENT_MAX, NAME_MAX, POST_MAX } from "#mock/core/rules";
import { GENERATED_PASSWORD, SEED_PICTURES, seedPicture, type GenerateOptions } from "#mock/data/seed";
import { timestamp } from "#mock/core/time";
import type { CommentRecord, PostRecord, Snapshot, UserRecord } from "#mock/core/types";
import { DEFAULT_ITERATIONS } from "#mock/core/password";

const PICTURES = Object.keys(SEED_PICTURES);
const REACTIONS = [
  "Love this!",
  "So true.",
  "Couldn't agree more.",
  "Saving this for later.",
  "Ha, same here.",
  "Tell me more?",
  "Beautiful.",
  "This made my day.",
  "Big if true.",
  "Congrats!",
];
const ENDINGS = [
  "Would do it again.",
  "Not bad at all.",
  "Highly recommend.",
  "Still thinking about it.",
  "Ten out of ten.",
  "Who's in next time?",
];

/** Cuts text at a word boundary so it fits `max` characters. */
function fit(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 20)).trimEnd()}…`;
}

export async function realisticData(opts: GenerateOptions, now = new Date()): Promise<Snapshot> {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(opts.seed);
  const pick = <T>(list: readonly T[]) => faker.helpers.arrayElement(list);
  const salt = Uint8Array.from({ length: 16 }, () => faker.number.int(255));
  const passwordHash = await hashPassword(GENERATED_PASSWORD, opts.iterations ?? DEFAULT_ITERATIONS, salt);
  const taken = new Set<string>();
  const stamp = (minutesAgo: number) => timestamp(new Date(now.getTime() - minutesAgo * 60_000));

  const users: UserRecord[] = [];
  for (let i = 0; i < opts.users; i++) {
    const firstName = fit(faker.person.firstName(), NAME_MAX).replace("…", "");
    const lastName = fit(faker.person.lastName(), NAME_MAX).replace("…", "");
    // Readable and unique: the first name, the seed (so two seeds rarely meet),
    // then the user's number in base 36; 12 characters at most up to 1.6M users.
    const stem =
      firstName
        .toLowerCase()
        .replace(/[^a-z]/g, "")
        .slice(0, 5) || "user";
    let username = `${stem}${opts.seed % 100}_${i.toString(36)}`.slice(0, 12);
    while (taken.has(username)) username = `u${faker.string.alphanumeric(10).toLowerCase()}`;
    taken.add(username);
    const at = stamp(opts.posts + opts.users - i);
    const _id = faker.string.uuid();
    users.push({
      _id,
      username,
      passwordHash,
      firstName,
      lastName,
      bio: fit(faker.person.bio(), 250),
      link: `https://${faker.internet.domainName()}`,
      // Their own: initials and a colour from their id (the sample users keep their pictures).
      userPhoto: avatarDataUrl(firstName, lastName, _id),
      coverPhoto: "/seed/cover-default.svg",
      followers: [],
      following: [],
      bookmarks: [],
      createdAt: at,
      updatedAt: at,
    });
  }

  // Each person follows a few others; both sides of every follow are kept in step.
  for (const user of users) {
    if (users.length < 2) break;
    for (const other of faker.helpers.arrayElements(users, { min: 0, max: Math.min(8, users.length - 1) })) {
      if (other === user || user.following.includes(other._id)) continue;
      // Follows, likes and comments refer to users by id or username (answers join names and photos in).
      user.following.push(other._id);
      other.followers.push(user._id);
    }
  }

  const sentence = (): string => {
    switch (faker.number.int(5)) {
      case 0:
        return `Just tried ${faker.food.dish()} in ${faker.location.city()}. ${pick(ENDINGS)} #food`;
      case 1:
        return `Reading "${faker.book.title()}" by ${faker.book.author()}. ${pick(ENDINGS)} #books`;
      case 2:
        return `${faker.hacker.phrase()} #dev`;
      case 3:
        return `On repeat today: "${faker.music.songName()}" by ${faker.music.artist()}. #music`;
      case 4:
        return `Morning walk around ${faker.location.city()}: ${faker.word.adjective()} skies and ${faker.word.adjective()} coffee. #weekend`;
      default:
        return `We're shipping ${faker.company.buzzPhrase()} this week. ${pick(ENDINGS)} #work`;
    }
  };

  const posts: PostRecord[] = [];
  const comments: CommentRecord[] = [];
  for (let i = 0; i < opts.posts; i++) {
    const author = users.length ? pick(users) : undefined;
    const at = stamp(opts.posts - i);
    const likers = users.length ? faker.helpers.arrayElements(users, { min: 0, max: Math.min(6, users.length) }) : [];
    // Drawn before the post's own id, as always, so the same seed gives the same data.
    const drawn: Pick<CommentRecord, "_id" | "commentVal" | "username">[] = [];
    if (users.length && faker.number.float() < 0.3) {
      for (const commenter of faker.helpers.arrayElements(users, { min: 1, max: Math.min(3, users.length) })) {
        drawn.push({ _id: faker.string.uuid(), commentVal: fit(pick(REACTIONS), COMMENT_MAX), username: commenter.username });
      }
    }
    const post: PostRecord = {
      _id: faker.string.uuid(),
      content: fit(sentence(), POST_MAX),
      ...seedPicture(faker.number.float() < 0.2 ? pick(PICTURES) : ""),
      username: author?.username ?? "guest",
      likes: { likeCount: likers.length, likedBy: likers.map((u) => u._id), dislikedBy: [] },
      createdAt: at,
      updatedAt: at,
    };
    posts.push(post);
    for (const { _id, commentVal, username } of drawn) {
      comments.push({
        _id,
        postId: post._id,
        commentVal,
        username,
        votes: { upvotedBy: [], downvotedBy: [] },
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  return { users, posts, comments, todos: [], photos: [], notifications: [] };
}
