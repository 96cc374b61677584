// Runes everywhere: legacy component syntax is a compile error in this project.
export default {
  compilerOptions: { runes: true },
};
