/** A picture imported by a module: vite emits it as a file of the build and the import is its URL. */
declare module '*.webp' {
  const url: string;
  export default url;
}
