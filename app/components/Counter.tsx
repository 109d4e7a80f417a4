// Characters left, counting down from the limit; negative once over it. What a screen
// reader hears says "character" for one: "1 character left", "1 character over the limit".
export function Counter({ id, max, length }: { id: string; max: number; length: number }) {
  const left = max - length;
  const state = left < 0 ? "over" : left <= Math.ceil(max / 10) ? "near" : "ok";
  return (
    <span id={id} className={`counter counter--${state}`} aria-live={state === "ok" ? "off" : "polite"}>
      <span aria-hidden="true">{left}</span>
      <span className="visually-hidden">{left < 0 ? `${characters(-left)} over the limit` : `${characters(left)} left`}</span>
    </span>
  );
}

const characters = (n: number) => `${n} ${n === 1 ? "character" : "characters"}`;
