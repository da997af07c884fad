// Placeholder until the workspace shell lands (owned by the shell work).
export default function App() {
  return <main>Area di lavoro</main>;
}
