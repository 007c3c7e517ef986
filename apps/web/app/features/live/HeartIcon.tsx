export function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 21s-7.5-4.6-9.5-9.1C1.1 8.7 3 5 6.6 5c2 0 3.4 1.1 4.4 2.5C12 6.1 13.4 5 15.4 5 19 5 20.9 8.7 19.5 11.9 17.5 16.4 12 21 12 21z"
      />
    </svg>
  );
}
