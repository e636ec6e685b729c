// Builds the page into dist/: the TypeScript bundled by esbuild, index.html and style.css
// copied beside it. Run by `npm run build` (make web).
import { copyFile, mkdir } from "node:fs/promises";
import { build } from "esbuild";

await mkdir("dist", { recursive: true });
await build({
  entryPoints: ["src/main.tsx"],
  jsx: "automatic",
  jsxImportSource: "preact",
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  sourcemap: true,
  outfile: "dist/app.js",
  logLevel: "warning",
});
await Promise.all(["index.html", "style.css"].map((f) => copyFile(f, `dist/${f}`)));
