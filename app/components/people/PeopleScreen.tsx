// /profile/:username/followers and /profile/:username/following: whose list it is,
// a switch between the two, and the windowed list of people (PeopleList).
import { Link, NavLink, useLoaderData, type ClientLoaderFunctionArgs, type MetaFunction } from "@remix-run/react";
import { fullName } from "#app/components/Avatar";
import { ProfileNotFound } from "#app/components/profile/ProfileNotFound";
import { getPeoplePage, getUser, type Page, type PeopleList as Which } from "#app/lib/data";
import { peoplePath, profilePath } from "#app/lib/paths";
import type { User } from "#app/lib/types";
import { PeopleList } from "./PeopleList";

export interface PeopleData {
  username: string;
  user: User | null;
  which: Which;
  first: Page<User> | null;
}

/** The loader of both screens: the user, then the first page of their list (by id). */
export async function loadPeople(username: string, which: Which): Promise<PeopleData> {
  const user = await getUser(username);
  return { username, user, which, first: user ? await getPeoplePage(user._id, which) : null };
}

export const peopleTitle = (which: Which, user: User) =>
  which === "followers" ? `People following ${fullName(user)}` : `People ${fullName(user)} follows`;

/** The same title as a heading, the name isolated (<bdi>) so a right-to-left name does not reorder the words around it. */
const PeopleHeading = ({ which, user }: { which: Which; user: User }) => (
  <h1 className="page__title">
    {which === "followers" ? (
      <>
        People following <bdi>{fullName(user)}</bdi>
      </>
    ) : (
      <>
        People <bdi>{fullName(user)}</bdi> follows
      </>
    )}
  </h1>
);

export function PeopleScreen({ username, user, which, first }: PeopleData) {
  if (!user || !first)
    return (
      <div className="page">
        <ProfileNotFound username={username} />
      </div>
    );
  return (
    <div className="page">
      <div className="page__column">
        <div className="people-head">
          <Link to={profilePath(user.username)} className="link-button people-head__back">
            ← Back to @{user.username}
          </Link>
          <PeopleHeading which={which} user={user} />
        </div>
        <nav className="people-tabs" aria-label={`Lists of @${user.username}`}>
          <NavLink to={peoplePath(user.username, "followers")} className="button button--secondary follow-button--sm" replace>
            Followers
          </NavLink>
          <NavLink to={peoplePath(user.username, "following")} className="button button--secondary follow-button--sm" replace>
            Following
          </NavLink>
        </nav>
        <PeopleList
          key={`${user._id}:${which}`}
          first={first}
          load={(cursor) => getPeoplePage(user._id, which, cursor)}
          label={peopleTitle(which, user)}
          listId={`${which}:${user.username}`}
          empty={which === "followers" ? `No one follows @${user.username} yet.` : `@${user.username} follows no one yet.`}
        />
      </div>
    </div>
  );
}

/** Everything a people route exports but its ErrorBoundary: one list's loader, screen and title. */
export function peopleRoute(which: Which) {
  const clientLoader = ({ params }: ClientLoaderFunctionArgs) => loadPeople(params.username ?? "", which);
  const Screen = () => <PeopleScreen {...useLoaderData<typeof clientLoader>()} />;
  const meta: MetaFunction = ({ data }) => {
    const user = (data as PeopleData | undefined)?.user;
    return [{ title: user ? `${peopleTitle(which, user)} · Moments` : "Profile not found · Moments" }];
  };
  return { clientLoader, Screen, meta };
}
