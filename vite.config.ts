import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev/mailbox': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json maps each source entry to its chunk and static imports; `npm run bench`
    // reads it to size each area's chunk. The server does not serve dot folders.
    manifest: true,
  },
});
