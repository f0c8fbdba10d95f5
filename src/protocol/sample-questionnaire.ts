/**
 * A questionnaire shaped as models send them (a header, described options, one preview), for the
 * rehearsals that run while Pi waits for the model: the off-screen first frame (tui/warm-up.ts) and Pi's
 * check of the arguments (pi/argument-check-warm-up.ts). Plain data, as it arrives in a tool call.
 */
export const SAMPLE_ARGUMENTS = {
	questions: [
		{
			question: "Which cache should the service use?",
			header: "Cache",
			multiSelect: false,
			options: [
				{ label: "Memory", description: "Fast; lost on restart." },
				{ label: "Disk", description: "Survives restarts.", preview: "cache: disk" },
				{ label: "Redis", description: "Shared across instances." },
			],
		},
	],
};
