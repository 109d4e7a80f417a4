export default function Welcome() {
  return <h1>Moments</h1>;
}
