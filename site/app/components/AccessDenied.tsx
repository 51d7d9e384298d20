// The Access Denied card shown to signed-in users whose role may not use a screen (the API refuses too).
export default function AccessDenied({ message = 'You do not have permission to view this page.' }: { message?: string }) {
  return (
    <div className="container-page flex min-h-[50vh] items-center justify-center py-12">
      <div className="card w-full max-w-md p-8 text-center">
        <h1 className="text-2xl font-bold">Access Denied</h1>
        <p className="mt-2 text-fog-600 dark:text-fog-400">{message}</p>
        <a href="/" className="btn-primary mt-6">
          Go Home
        </a>
      </div>
    </div>
  );
}
