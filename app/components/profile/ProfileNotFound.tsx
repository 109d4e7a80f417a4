// An unknown /profile/{username}: said plainly inside the shell, never a crash.
import { Link } from "@remix-run/react";

export function ProfileNotFound({ username }: { username: string }) {
  return (
    <section className="profile-missing card" aria-labelledby="profile-missing-title">
      <h1 id="profile-missing-title" className="profile-missing__title">
        This account doesn't exist
      </h1>
      <p className="profile-missing__text">
        No one here is called <strong>@{username}</strong>. Check the spelling, or find people to follow on Home.
      </p>
      <Link to="/home" className="button button--primary">
        Home
      </Link>
    </section>
  );
}
