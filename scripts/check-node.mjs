// npm scripts run on the pinned Node 24 (devDependency "node"); warn early when that did not happen.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.warn(
    `partsfront: running on Node ${process.versions.node}; Astro 7 needs >= 22.12. Run tools through npm scripts so the pinned node@24 is used.`,
  );
}
