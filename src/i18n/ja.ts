/**
 * The Japanese (ja) messages table: the same keys as `en.ts`, in the plain polite style of Japanese
 * developer tools (full-width punctuation in running text, 「」 around typed text). Key names (Enter,
 * Esc, Tab) stay untranslated (`key-names.ts`).
 */
import { once } from "../util/once.ts";
import { digits, type Messages } from "./en.ts";

/** The Japanese table, built on first use (most sessions never show it). */
export const ja = once(
	(): Messages => ({
		position: (index: number, total: number): string => `[${index}/${total}]`,
		questionTitle: (position: string, header: string, question: string): string =>
			`${position} ${header} — ${question}`,
		multiHint: "複数選択できます。選び終えたら「完了」を選んでください。",
		currentAnswer: (answer: string): string => `現在の回答：${answer}`,
		currentNote: (note: string): string => `メモ：${note}`,
		optionRow: (n: number, label: string, description: string): string =>
			description === "" ? `${n}. ${label}` : `${n}. ${label} — ${description}`,
		checkedRow: (row: string): string => `[x] ${row}`,
		uncheckedRow: (row: string): string => `[ ] ${row}`,
		typedRow: (text: string): string => `[x] 入力済み：${text}`,
		done: (n: number): string => (n === 0 ? "完了 — どれも当てはまらない" : `完了 — ${n} 件選択中`),
		noneOfThese: "どれも当てはまらない",
		typeSomething: "その他を入力…",
		addNote: "メモを追加…",
		editNote: "メモを編集…",
		showPreviews: "プレビューを表示…",
		back: "← 戻る",
		typeTitle: (position: string, header: string, question: string): string =>
			`${position} ${header} — ${question}\n回答を入力してください：`,
		typePlaceholder: "回答",
		noteTitle: (position: string, header: string): string => `${position} ${header} — メモ（任意。空欄にすると削除）`,
		notePlaceholder: "任意のメモ",
		previewsTitle: (position: string, header: string): string => `${position} ${header} — プレビュー`,
		previewHeading: (n: number, label: string): string => `── ${n}. ${label} ──`,
		backToOptions: "← 選択肢に戻る",
		reviewTitle: "回答の確認",
		reviewLine: (position: string, header: string, answer: string): string => `${position} ${header}：${answer}`,
		unanswered: "（未回答）",
		typedAnswer: (text: string): string => `「${text}」（入力）`,
		listSeparator: "、",
		reviewNote: (note: string): string => `    メモ：${note}`,
		submit: "送信",
		edit: (header: string): string => `${header} を編集`,
		decline: "回答を辞退する — エージェントには辞退したと伝えます",
		discardTitle: (answered: number, total: number): string =>
			`回答をやめますか？ ${total} 問中 ${answered} 問に回答済みです。`,
		keepAnswering: "回答を続ける",
		answerLater: "後で回答する",
		answeredInChat: "チャットで回答済み — エージェントにはチャットから回答を読み取るよう伝えます",

		viewTypeRow: "その他を入力",
		viewNextRow: "次へ",
		viewNextRowNone: "次へ：どれも当てはまらない",
		viewSubmit: "送信",
		viewAnswerLater: "後で回答",
		viewCancel: "キャンセル",
		viewAnsweredMark: "✔",
		viewUnansweredMark: "□",
		viewRecommended: "（推奨）",
		viewChecked: "[x]",
		viewUnchecked: "[ ]",
		viewPointer: "›",
		viewMoreAbove: (n: number): string => `↑ 上に ${n} 件`,
		viewMoreBelow: (n: number): string => `↓ 下に ${n} 件`,
		viewMoreLines: (n: number): string => `… 他 ${n} 行`,
		viewNoteFor: (header: string): string => `${header} へのメモ：`,
		viewNoteOnAll: "全体へのメモ：",
		viewNote: (note: string): string => `メモ：${note}`,
		viewGlobalNote: (note: string): string => `全体へのメモ：${note}`,
		viewPreviewPosition: (first: number, last: number, total: number, hint: string): string =>
			`${total} 行中 ${first}–${last} 行目${hint === "" ? "" : ` · ${hint}`}`,
		viewPreviewPartial: (first: number, last: number, known: number, hint: string): string =>
			`${known} 行以上中 ${first}–${last} 行目${hint === "" ? "" : ` · ${hint}`}`,
		viewPreviewMore: (key: string): string => `${key} 下へスクロール`,
		viewPreviewBack: (key: string): string => `${key} 上へスクロール`,
		viewNoPreview: "この項目にはプレビューがありません。",
		viewReviewTitle: "回答の確認",
		viewTyped: (text: string): string => `「${text}」`,
		viewTypedMoreLines: (n: number): string => `ほか ${n} 行`,
		viewNoneChosen: "どれも当てはまらない",
		viewUnanswered: "未回答",
		viewSummaryLine: (mark: string, header: string, answer: string): string => `${mark} ${header}：${answer}`,
		viewPartialHint: "送信すると回答済みの分だけを送り、質問票を閉じます。「後で回答」なら質問票は残ります。",
		viewModelSees: (shown: number, total: number): string =>
			`モデルに届くのは ${digits(total)} 文字のうち先頭の ${digits(shown)} 文字です`,
		viewCutMark: "!",
		viewModelTotal: (limit: number): string =>
			`モデルが受け取るのは合計 ${digits(limit)} 文字までです。長い文章はさらに短くされます`,
		viewCollapsed: (key: string): string => `質問を折りたたみました — ${key} で再表示`,
		viewClosesIn: (clock: string): string => `応答がなければ ${clock} 後に閉じます · 任意のキーでカウントダウンを停止`,
		viewPutAsideIn: (clock: string): string =>
			`応答がなければ ${clock} 後に保留します（/answer で再開）· 任意のキーでカウントダウンを停止`,
		viewHintSeparator: " · ",
		viewHints: {
			navigate: "移動",
			select: "選択",
			toggle: "切り替え",
			typeAnswer: "回答を入力",
			next: "次へ",
			submit: "送信",
			cancel: "キャンセル",
			decline: "辞退",
			keepAnswering: "回答を続ける",
			answeredInChat: "チャットで回答済み",
			confirm: "確定",
			saveNote: "メモを保存",
			switchTab: "タブ切り替え",
			note: "メモ",
			overallNote: "全体メモ",
			scrollPreview: "プレビューをスクロール",
			externalEditor: "外部エディタ",
			back: "戻る",
			show: "表示",
			hide: "隠す",
			answerLater: "後で回答",
		},

		tuiBlocked: (asked: string): string => `エージェントがあなたの回答を待っています：${asked}`,
		tuiWaitsForEditor: (asked: string): string =>
			`エージェントの質問：${asked} — 入力中の内容を送信するか消去すると開きます。`,
		tuiNotifyTitle: (count: number): string => (count === 1 ? "Pi からの質問" : `Pi からの質問（${count} 件）`),
		tuiExternalEditorWaiting: "外部エディタの終了を待っています。終了すると Pi が再開します。",
		tuiExternalEditorFailed: (reason: string): string =>
			`外部エディタでエラーが発生しました：${reason}（テキストは保持されています）`,
		tuiFailed: (reason: string): string => `内部エラーのため質問を閉じました：${reason}`,

		accessibleChooseHint: (count: number, cancel: string): string =>
			`1 から ${count} までの番号を入力して Enter を押してください。${cancel}`,
		accessibleCancelDeclines: (key: string): string => `${key} で辞退します（エージェントには辞退したと伝えます）。`,
		accessibleCancelAsks: (key: string): string => `${key} でやめ方を選べます。`,
		accessibleCancelLater: (key: string): string => `${key} で保留にして後で回答します。`,
		accessibleCancelBack: (key: string): string => `${key} で戻ります。`,
		accessibleInputHint: (cancel: string): string =>
			`テキストを入力して Enter を押してください。${cancel} で戻ります（入力した内容は残ります）。`,
		accessiblePlaceholder: (text: string): string => `（${text}）`,
		accessibleNotAChoice: (typed: string, count: number): string =>
			typed === ""
				? `何も入力されていません。1 から ${count} までの番号を入力してください。`
				: `「${typed}」は選択肢にありません。1 から ${count} までの番号を入力してください。`,
		accessiblePrompt: "> ",

		renderMultiSelect: "（複数選択）",
		renderHasPreview: "（プレビューあり）",
		renderWaiting: "ユーザーの回答を待っています…",
		renderOutcome: {
			answered: "回答済み",
			partial: "一部回答",
			declined: "回答なし（辞退）",
			interrupted: "中断",
			timed_out: "タイムアウト",
			not_shown: "未表示",
			deferred: "後で回答",
			answered_in_chat: "チャットで回答済み",
		},
		renderTimedOutPending: "時間切れ · 未回答のまま保留中",
		renderOutcomeReason: (outcome: string, reason: string): string => `${outcome}：${reason}`,
		renderUnanswered: (names: string): string => `未回答：${names}`,
		renderNotAnswered: (name: string): string => `${name}：未回答`,
		renderNamed: (name: string): string => `${name}：`,
		renderQuestionNumber: (n: number): string => `質問 ${n}`,
		renderTyped: "（入力）",
		renderQuestionNote: "メモ：",
		renderAnsweredBy: (name: string): string => `拡張機能 ${name} が回答（あなたではありません）`,
		renderAnsweredFrom: (name: string): string => `${name} から回答`,
		renderGlobalNote: "メモ：",
		renderExpand: "で展開",
		renderError: "エラー",
		renderNoResult: "結果なし",
		renderLateAnswer: (asked: string | undefined): string =>
			asked === undefined ? "後からの回答" : `後からの回答 · 質問日時 ${asked}`,
		renderRelayedTrace: (asked: string | undefined): string =>
			asked === undefined ? "サブエージェントの質問" : `サブエージェントの質問 · 質問日時 ${asked}`,

		pendingStatus: (count: number): string => `未回答の質問票 ${count} 件 · /answer`,
		pendingCommand: "後回しにした、または中断された質問票に回答します",
		pendingNone: "回答を待っている質問票はありません。",
		pendingNeedsUi: "/answer には Pi の対話画面か RPC クライアントが必要です。",
		pendingPickTitle: (count: number): string => `${count} 件の質問票が回答を待っています。どれに回答しますか？`,
		pendingPickRow: (n: number, headers: string, progress: string, age: string | undefined): string =>
			age === undefined ? `${n}. ${headers} — ${progress}` : `${n}. ${headers} — ${progress} · ${age}`,
		pendingProgress: (answered: number, total: number): string => `${total} 問中 ${answered} 問回答済み`,
		pendingCloseRow: "ここで回答せずに閉じる…",
		pendingCloseTitle: "どの質問票を閉じますか？",
		pendingCloseHow: (headers: string): string => `${headers}：どのように閉じますか？`,
		pendingKeepWaiting: "保留のままにする",
		pendingAlreadyOpen: "その質問票はすでに開いています。",
		pendingWaitsForScreen: "表示中の質問票に回答するか保留にすると開きます（隠れている場合は Ctrl+] で表示）。",
		pendingAgeNow: "たった今",
		pendingAgeMinutes: (n: number): string => `${n} 分前`,
		pendingAgeHours: (n: number): string => `${n} 時間前`,
		pendingAgeDays: (n: number): string => (n === 1 ? "昨日" : `${n} 日前`),
		pendingSkipped: (n: number): string => `保存された質問票の記録 ${n} 件を読み取れず、スキップしました。`,
		pendingQuestionsLost: (n: number): string =>
			`未回答の質問票 ${n} 件の質問がこのセッションのブランチにありません（ツール呼び出しが見つかりません）。ここでは回答できません。`,
		pendingNotSaved: (reason: string): string =>
			`セッションファイルに書き込めません（${reason}）：質問票への入力は保存されていません。回答はエージェントに届き、保留中の質問票も Pi の実行中は /answer に残ります。書き込めるようになると保存されますが、それまでに Pi を閉じると失われます。`,
		pendingSavedAgain: "セッションファイルに再び書き込めるようになりました：質問票への入力を保存しました。",
		pendingLateAnswerQueued: (headers: string): string =>
			`${headers} への後からの回答は送信待ち · エージェントは現在のステップの終了後に受け取ります`,
		pendingNotShown: (reason: string): string => `質問票を表示できませんでした：${reason}`,
		pendingAnsweredElsewhere: "別の Pi が先にこの質問票に回答しました。ここからは何も送信していません。",
		relayFrom: (depth: number, cwd: string): string => `サブエージェントからの質問 · 深さ ${depth} · ${cwd}`,
		relayFromNamed: (name: string, depth: number, cwd: string): string =>
			`サブエージェント「${name}」からの質問 · 深さ ${depth} · ${cwd}`,
		relayTask: (task: string): string => `タスク：${task}`,
		relayAskerGone: (label: string): string =>
			`${label} — 閉じました：サブエージェントがこの回答を待つのをやめました（終了したか停止されました）。`,
		relayWaitsForEditor: (label: string): string =>
			`${label} — 質問が待っています：入力中の内容を送信するか消去すると開きます。`,
		relayPairingCode: (name: string, code: string): string =>
			`ペアリングコード ${code}：「${name}」が Pi の外から質問に回答しようとしています。自分で起動した場合は、そこにこのコードを入力してください（2 分間有効）。心当たりがなければ無視し、コードをエージェントに教えないでください。`,
		relayPairingTitle: "pi-ask ペアリングコード",
		relayPaired: (name: string): string => `「${name}」をペアリングしました：質問の一覧と回答ができます。`,
	}),
);
